// How `npm start` launches Chromium. As root (containers, CI-like machines) Chromium refuses to start without
// --no-sandbox, and wxt's runner then died with a bare "read ECONNRESET" (#14): pass the flag then, and say so.
export interface ChromiumRunner {
  chromiumArgs: string[];
  /** Prints the one line that explains the flag, when it is passed. */
  announce(): void;
}

export function chromiumRunner(uid: number | undefined): ChromiumRunner {
  const root = uid === 0;
  return {
    chromiumArgs: root ? ['--no-sandbox'] : [],
    announce: () => {
      if (root)
        console.log('Running as root: starting Chromium with --no-sandbox, which it needs to start as root.');
    },
  };
}
