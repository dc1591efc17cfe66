// Unsaved changes are not dropped without a word when the person switches Options sections (#16: Settings
// changes vanished when another section was chosen). A section with unsaved changes registers a guard; the
// options page asks before it leaves that section (LeavePrompt), and the browser asks before the page closes.
import { useEffect } from 'react';

/** The Options sections, as the address names them (options.html#memories). */
export type SectionId =
  'memories' | 'review' | 'conversations' | 'activity' | 'model' | 'settings' | 'sync' | 'agents' | 'data';

export interface LeaveGuard {
  /** The section that has the changes (its name is options.nav.<id>). */
  section: SectionId;
  /** Saves the changes; false when they could not be saved (the section shows why). */
  save(): Promise<boolean>;
}

let current: LeaveGuard | null = null;

/** The guard of the section on screen, when it has unsaved changes. */
export const leaveGuard = (): LeaveGuard | null => current;

const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();

/** Registers `guard` (null: nothing unsaved) while the calling section is on screen. */
export function useLeaveGuard(guard: LeaveGuard | null): void {
  useEffect(() => {
    if (!guard) return;
    current = guard;
    window.addEventListener('beforeunload', onUnload);
    return () => {
      if (current === guard) current = null;
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [guard]);
}
