/**
 * Next hands proxy.ts a copy of every request's body and, past `proxyClientMaxBodySize` (10 MB unless set),
 * silently cuts the body the route then reads: a valid body over that size reached a route truncated and was
 * refused as "not valid JSON", and one over a route's own limit never got that route's 413. So the cut lies
 * above the largest route limit (computer use's), with room for the network chunk that crosses the cut (it is
 * dropped whole): any body over a route's limit still reaches the route with more bytes than the limit, and the
 * route answers 413 naming it.
 */
import { MAX_COMPUTER_USE_BODY_BYTES } from '../computer-use/session-protocol';

/** Larger than any chunk Node's HTTP server delivers (64 KB). */
const CHUNK_ROOM_BYTES = 1024 * 1024;

export const PROXY_BODY_LIMIT_BYTES = MAX_COMPUTER_USE_BODY_BYTES + CHUNK_ROOM_BYTES;
