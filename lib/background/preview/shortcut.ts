// The keyboard shortcut (chrome.commands, suggested Alt+Shift+M): opens the same preview as the in-page
// button, in the active chat tab. It never inserts without the user's confirm (#5).
import { listen, type BrowserEvent, type Stop } from '../shared/service';

export const INSERT_COMMAND = 'insert-memory';

export interface CommandDeps {
  activeTabId(): Promise<number | undefined>;
  openPreview(tabId: number): Promise<unknown>;
}

/** True when the command was for us and a tab got the request; a tab without Engram simply says no. */
export async function handleCommand(command: string, deps: CommandDeps): Promise<boolean> {
  if (command !== INSERT_COMMAND) return false;
  const tabId = await deps.activeTabId();
  if (tabId === undefined) return false;
  try {
    await deps.openPreview(tabId);
    return true;
  } catch {
    // Not a page of a site Engram reads: no content script listens there.
    return false;
  }
}

export interface ShortcutDeps {
  /** The browser's command event (browser.commands.onCommand). */
  commands: BrowserEvent<(command: string) => void>;
  shortcut: CommandDeps;
}

/** The service (../shared/service.ts): the shortcut opens the preview in the active chat tab. */
export function startShortcut({ commands, shortcut }: ShortcutDeps): Stop {
  return listen(commands, (command) => void handleCommand(command, shortcut));
}
