// What a command reads its settings from and writes to: the process's own on the command line,
// the caller's when the package's check() and load() run it from code.
/** Where a run reads its settings and writes what it prints: the process's own for the command line. */
export interface CommandIo {
  /** Settings by variable name; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Where .env and relative paths are looked for; process.cwd() by default. */
  cwd?: string;
  /** Where the progress and the summary go; process.stdout by default. */
  out?: NodeJS.WriteStream;
}

/** The option sources of parseCommand for these. */
export const sourcesOf = (io: CommandIo) => ({
  ...(io.env ? { env: io.env } : {}),
  ...(io.cwd ? { cwd: io.cwd } : {}),
});
