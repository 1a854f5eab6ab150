/**
 * libuv's error numbers and messages as Node reports them on Linux (`util.getSystemErrorName(-2)` is
 * 'ENOENT'), for `util.getSystemErrorName/Map/Message` and the errors this runtime makes for file calls.
 */
const ENTRIES: [number, string, string][] = [
  [-7, 'E2BIG', 'argument list too long'],
  [-13, 'EACCES', 'permission denied'],
  [-98, 'EADDRINUSE', 'address already in use'],
  [-99, 'EADDRNOTAVAIL', 'address not available'],
  [-97, 'EAFNOSUPPORT', 'address family not supported'],
  [-11, 'EAGAIN', 'resource temporarily unavailable'],
  [-3000, 'EAI_ADDRFAMILY', 'address family not supported'],
  [-3001, 'EAI_AGAIN', 'temporary failure'],
  [-3008, 'EAI_NONAME', 'unknown node or service'],
  [-114, 'EALREADY', 'connection already in progress'],
  [-9, 'EBADF', 'bad file descriptor'],
  [-16, 'EBUSY', 'resource busy or locked'],
  [-125, 'ECANCELED', 'operation canceled'],
  [-103, 'ECONNABORTED', 'software caused connection abort'],
  [-111, 'ECONNREFUSED', 'connection refused'],
  [-104, 'ECONNRESET', 'connection reset by peer'],
  [-89, 'EDESTADDRREQ', 'destination address required'],
  [-17, 'EEXIST', 'file already exists'],
  [-14, 'EFAULT', 'bad address in system call argument'],
  [-27, 'EFBIG', 'file too large'],
  [-113, 'EHOSTUNREACH', 'host is unreachable'],
  [-4, 'EINTR', 'interrupted system call'],
  [-22, 'EINVAL', 'invalid argument'],
  [-5, 'EIO', 'i/o error'],
  [-106, 'EISCONN', 'socket is already connected'],
  [-21, 'EISDIR', 'illegal operation on a directory'],
  [-40, 'ELOOP', 'too many symbolic links encountered'],
  [-24, 'EMFILE', 'too many open files'],
  [-90, 'EMSGSIZE', 'message too long'],
  [-36, 'ENAMETOOLONG', 'name too long'],
  [-100, 'ENETDOWN', 'network is down'],
  [-101, 'ENETUNREACH', 'network is unreachable'],
  [-23, 'ENFILE', 'file table overflow'],
  [-105, 'ENOBUFS', 'no buffer space available'],
  [-19, 'ENODEV', 'no such device'],
  [-2, 'ENOENT', 'no such file or directory'],
  [-12, 'ENOMEM', 'not enough memory'],
  [-28, 'ENOSPC', 'no space left on device'],
  [-38, 'ENOSYS', 'function not implemented'],
  [-107, 'ENOTCONN', 'socket is not connected'],
  [-20, 'ENOTDIR', 'not a directory'],
  [-39, 'ENOTEMPTY', 'directory not empty'],
  [-88, 'ENOTSOCK', 'socket operation on non-socket'],
  [-95, 'ENOTSUP', 'operation not supported on socket'],
  [-75, 'EOVERFLOW', 'value too large for defined data type'],
  [-1, 'EPERM', 'operation not permitted'],
  [-32, 'EPIPE', 'broken pipe'],
  [-71, 'EPROTO', 'protocol error'],
  [-30, 'EROFS', 'read-only file system'],
  [-29, 'ESPIPE', 'invalid seek'],
  [-3, 'ESRCH', 'no such process'],
  [-110, 'ETIMEDOUT', 'connection timed out'],
  [-26, 'ETXTBSY', 'text file is busy'],
  [-18, 'EXDEV', 'cross-device link not permitted'],
  [-4094, 'UNKNOWN', 'unknown error'],
  [-4095, 'EOF', 'end of file'],
];

export const SYSTEM_ERRORS: ReadonlyMap<number, [string, string]> = new Map(ENTRIES.map(([errno, name, message]) => [errno, [name, message]]));

/** `ENOENT: no such file or directory, open 'x'`, with errno, code, syscall and path as Node sets them. */
export function systemError(code: string, syscall: string, path?: string, dest?: string): Error {
  const entry = ENTRIES.find(([, name]) => name === code);
  const where = path === undefined ? '' : ` '${path}'${dest === undefined ? '' : ` -> '${dest}'`}`;
  const error = new Error(`${code}: ${entry?.[2] ?? 'unknown error'}, ${syscall}${where}`);
  return Object.assign(error, { errno: entry?.[0], code, syscall, ...(path === undefined ? {} : { path }), ...(dest === undefined ? {} : { dest }) });
}
