// How `npm start` launches Chromium. As root (containers, CI-like machines) Chromium refuses to start without
// --no-sandbox, and wxt's runner then died with a bare "read ECONNRESET" (#14): pass the flag then, and say so.
// With no display at all it died the same way (#26): say why and what to do instead, and stop before the build.
export interface ChromiumRunner {
  chromiumArgs: string[];
  /** Runs as the dev server starts: one line about the sandbox flag, or about the missing display and then exit. */
  announce(): void;
}

export interface RunnerHost {
  uid: number | undefined;
  env: Record<string, string | undefined>;
  platform: string;
  exit: (code: number) => void;
}

export const NO_DISPLAY =
  'No display: Chromium cannot open a window here. Instead run `npm run build` and load .output/chrome-mv3 by ' +
  'hand (README, "Load it by hand"), or run `xvfb-run npm start`, or `npm test` for the headless suites.';

/** Linux browsers draw through X11 or Wayland; without either, Chromium exits as soon as it starts. */
const hasDisplay = ({ env, platform }: RunnerHost) =>
  platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);

export function chromiumRunner(host: RunnerHost): ChromiumRunner {
  const root = host.uid === 0;
  return {
    chromiumArgs: root ? ['--no-sandbox'] : [],
    announce: () => {
      if (!hasDisplay(host)) {
        console.error(NO_DISPLAY);
        host.exit(1);
      } else if (root)
        console.log('Running as root: starting Chromium with --no-sandbox, which it needs to start as root.');
    },
  };
}
