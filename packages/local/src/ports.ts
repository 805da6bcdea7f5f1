import { createServer } from "node:net";

/** Asks the OS for a free TCP port on loopback. */
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

/** Fails with a one-line message when a fixed port is taken. */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", () =>
      reject(
        new Error(
          `Port ${port} (${what}) is already in use. Stop whatever uses it, or start with PORT=<other port> npm start.`,
        ),
      ),
    );
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve()));
  });
}
