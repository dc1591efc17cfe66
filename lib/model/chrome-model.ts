// Chrome's built-in model as Options and the first run see it (#35): what the Prompt API says is possible
// here, the download's last reported progress, and which of the person's languages it reads.
import { z } from 'zod/mini';

/** 'absent': this browser has no Prompt API (Firefox, Chrome before 138; Debian's Chromium has the API and answers 'unavailable'). */
export const ChromeModelState = z.enum(['absent', 'unavailable', 'downloadable', 'downloading', 'available']);
export type ChromeModelState = z.infer<typeof ChromeModelState>;

export const ChromeDownload = z.object({
  /** 0–1, from the `downloadprogress` monitor. */
  loaded: z.number().check(z.gte(0), z.lte(1)),
  error: z.nullable(z.string().check(z.maxLength(500))),
});
export type ChromeDownload = z.infer<typeof ChromeDownload>;

export const ChromeModelStatus = z.object({
  state: ChromeModelState,
  download: z.nullable(ChromeDownload),
  /** The browser's own languages (navigator.languages), each as the model's API answers for it. */
  languages: z.array(z.object({ tag: z.string(), name: z.string(), reads: z.boolean() })),
});
export type ChromeModelStatus = z.infer<typeof ChromeModelStatus>;
