// What each tool answers when it cannot do its job: one sentence saying what to do (#27), never a stack trace.
export const SAY = {
  noSecret:
    "This Engram server has no pairing secret: copy the configuration from Engram's Options → Desktop apps into this app's settings, then restart the app.",
  badSecret:
    "Engram refused this server's secret: copy the configuration again from Engram's Options → Desktop apps (a new secret replaces the old one), then restart the app.",
  switchedOff:
    "Engram's Desktop apps switch is off: the person can switch it on in Engram's Options → Desktop apps.",
  notConnected:
    'Engram is not connected: open the browser where Engram is installed and switch on Options → Desktop apps.',
  noPort: 'Engram could not listen on any of its ports (47310–47325): close one of the other Engram servers.',
  dropped: 'Engram stopped answering during this call: check that the browser is open, then try again.',
  late: 'Engram did not answer in time: try again, and if it keeps happening, restart the browser.',
  malformed:
    'Engram gave an answer this server cannot read: update Engram and this server to the same version.',
} as const;

/** A failure whose message is the sentence the agent shows. */
export class Plain extends Error {}
