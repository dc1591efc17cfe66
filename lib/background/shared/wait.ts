/** Waits for `work` to settle, at most `ms`, either way; the timer is cleared when the work wins. */
export function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([work.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}
