/** One `T` per file system (a workspace's VirtualFS), made on first use and dropped with it. */
export function perFileSystem<T>(make: () => T): (vfs: object) => T {
  const made = new WeakMap<object, T>();
  return (vfs) => {
    let value = made.get(vfs);
    if (value === undefined) {
      value = make();
      made.set(vfs, value);
    }
    return value;
  };
}
