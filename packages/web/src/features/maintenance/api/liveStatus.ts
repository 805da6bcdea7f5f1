import { useSyncExternalStore } from "react";
import { apiFetch } from "@/lib/api";
import type { PublicStatus } from "@/lib/publicStatus";

/**
 * GET /api/public/status for the maintenance notice, which is on every page: the app's and the
 * pages the server renders, which have no query cache (the app's other readers use the query in
 * lib/publicStatus.ts). One shared answer, asked when the first reader mounts and again once a
 * minute while any is mounted, so an open tab notices maintenance starting or ending.
 */
const POLL_MS = 60_000;
let current: PublicStatus | undefined;
const readers = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** Asks again now (an admin who saved a setting sees the notice follow at once). */
export async function refreshLiveStatus() {
  try {
    current = await apiFetch<PublicStatus>("/api/public/status");
    readers.forEach((r) => r());
  } catch {
    // unreachable for now: the last answer stands until the next poll
  }
}

function subscribe(reader: () => void) {
  readers.add(reader);
  if (readers.size === 1) {
    void refreshLiveStatus();
    timer = setInterval(() => void refreshLiveStatus(), POLL_MS);
  }
  return () => {
    readers.delete(reader);
    if (!readers.size) clearInterval(timer);
  };
}

/** The platform's public status; undefined until the first answer (and on the server). */
export const useLiveStatus = () =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
