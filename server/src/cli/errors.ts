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

/** A short description of a file-system error, without the path or the errno noise. */
export function ioReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    case 'ENOTDIR':
      return 'not a folder';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    default:
      return code ? `cannot read (${code})` : `cannot read (${e instanceof Error ? e.message : String(e)})`;
  }
}
