// Chrome's built-in model (#35): Options and the first run ask what it can do here and start its download.
import { ProblemError } from '../../model/problem';
import type { HandlersFor } from '../../messaging/background';
import { languageModelApi } from '../../providers/chrome-api';
import { wakeHeld } from '../../store/jobs';
import { chromeModelStatus, downloadChromeModel } from './chrome-model';
import { kick } from './job-queue';

/** The model is there: jobs that waited for it run. */
const ready = async () => {
  await wakeHeld();
  return kick();
};

export const chromeModelHandlers: HandlersFor<'chromeModelStatus' | 'chromeModelDownload'> = {
  chromeModelStatus: async () => chromeModelStatus(globalThis, navigator.languages, ready),
  chromeModelDownload: async () => {
    const api = languageModelApi();
    if (!api) throw new ProblemError({ code: 'chrome-absent' });
    void downloadChromeModel(api, ready);
    return { ok: true };
  },
};
