import { stageSettings } from "./settings";

/** This stage's settings, read and checked once (infra/settings.ts says what each one is). */
export const settings = stageSettings($app.stage);
