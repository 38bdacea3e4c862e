// Errors that end the command with a one-line message on stderr and exit code 2 (usage, I/O, settings).

export class CliError extends Error {
  constructor(
    message: string,
    /** Print the hint to run `--help` after the message. */
    readonly usage = false,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
