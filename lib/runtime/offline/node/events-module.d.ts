// The `events` package (Node's EventEmitter for browsers) ships no types; it has Node's shape.
declare module 'events/events.js' {
  import { EventEmitter } from 'node:events';
  export default EventEmitter;
}
