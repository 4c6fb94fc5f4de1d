// Ctrl-C (SIGINT) or SIGTERM during a run: the first stops the checks and lets the run clean up
// and write its reports; a second leaves at once, saying where the ledger is for msgapi cleanup.

export interface Interruption {
  signal: AbortSignal;
  /** The signal that stopped the run, if one did. */
  received(): NodeJS.Signals | undefined;
  stop(): void;
}

export const exitCodeFor = (signal: NodeJS.Signals): number => (signal === 'SIGTERM' ? 143 : 130);

export function watchForInterruption(ledgerFile: string, work = 'the checks'): Interruption {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received !== undefined) {
      console.error(
        `msgapi: ${signal} again: leaving now. What the run created is listed in ${ledgerFile}; remove it with: msgapi cleanup --ledger ${ledgerFile}`,
      );
      process.exit(exitCodeFor(signal));
    }
    received = signal;
    console.error(`msgapi: ${signal}: stopping ${work}, then deleting what the run created (again to leave at once).`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    received: () => received,
    stop: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
