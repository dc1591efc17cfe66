// What each tool answers when it cannot do its job: one sentence saying what to do (#27), never a stack trace.
export const SAY = {
  noSecret:
    "This Engram server cannot use a pairing secret: make one in Engram's Options → Desktop apps, save it with `engram-mcp pair` as Options shows, then restart the app.",
  badSecret:
    "Engram has a new pairing secret: make sure it is saved with `engram-mcp pair` as Engram's Options → Desktop apps shows, then restart the app.",
  refusedOne:
    "Engram is not connected, and a connection that could not prove this server's secret was refused. If you made a new secret in Engram's Options → Desktop apps, save it with `engram-mcp pair` and restart the app.",
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
