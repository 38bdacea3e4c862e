// File-system errors as people read them: one short phrase per errno, for messages on one line.

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
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'ENAMETOOLONG':
      return 'name too long';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    default:
      return code ? `cannot read (${code})` : `cannot read (${e instanceof Error ? e.message : String(e)})`;
  }
}
