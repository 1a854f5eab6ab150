/** The server's environment as the agent's configuration reads it (process.env, or a test's own). */
export type Env = Record<string, string | undefined>;
