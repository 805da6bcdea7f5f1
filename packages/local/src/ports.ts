import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";

/**
 * Asks the OS for a free TCP port on loopback, for a program that binds it itself (DynamoDB
 * Local's JVM). Another process may take the port before that program binds it: the caller
 * must handle "address in use" (startDynamoLocal starts again on another port). Our own
 * servers never use this: they bind first (bindServer) and learn their port from the socket.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface BoundServer {
  server: Server;
  port: number;
  /** http://localhost:<port> */
  url: string;
}

/**
 * An HTTP server already listening on loopback, on `port` or (0) on a port the OS picks, whose
 * request handler the caller attaches later (`server.on("request", ...)`). The stack binds all its
 * servers before anything starts, so it knows every URL up front and no other process can
 * take a port between choosing and listening. A fixed port that is taken fails with one line.
 */
export function bindServer(port: number, what: string): Promise<BoundServer> {
  const server = createHttpServer();
  return new Promise((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "EADDRINUSE"
          ? new Error(
              `Port ${port} (${what}) is already in use. Stop whatever uses it, or start with PORT=<other port> npm start.`,
            )
          : err,
      ),
    );
    server.listen(port, "127.0.0.1", () => {
      const bound = (server.address() as { port: number }).port;
      resolve({ server, port: bound, url: `http://localhost:${bound}` });
    });
  });
}

/** Closes a server and the connections it still holds (keep-alive clients would hold it open). */
export function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}
