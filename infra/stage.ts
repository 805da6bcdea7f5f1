import { stageProtection, stageSettings } from "./settings";

/** This stage's settings, read and checked once (infra/settings.ts says what each one is). */
export const settings = stageSettings($app.stage);

/** What this stage gets for being production or not (PAYLOFT_PRODUCTION, never the stage's name). */
export const protection = stageProtection(settings.production);
