/**
 * What keeps a node process alive while some work of its own is pending (a listening port, a thread, a read of
 * its input, a browser API's promise): called when the work starts, it returns what releases the hold.
 */
export type Hold = () => () => void;
