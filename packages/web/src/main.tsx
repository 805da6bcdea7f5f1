import { start } from "./app/start";

/**
 * The app's entry (index.html): every address but the pages the server renders (the sales page,
 * the overlay checkout, store pages: pages/*.html, src/rendered), whose router then loads pages lazily.
 */
start(document.getElementById("root")!);
