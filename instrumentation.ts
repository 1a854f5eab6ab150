// Runs once when the server starts: checks the model configuration (a bad TABSMITH_* override stops the start
// with a message naming the variable) and logs which model each agent mode and computer use run, then decides
// which npm registry in-browser installs go through and logs that too, whether a WebContainer API key is set,
// and which hosts the git proxy reaches (or which entry of TABSMITH_GIT_HOSTS is wrong).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportModelSetup } = await import('@/lib/agent/server/model-setup');
  reportModelSetup();
  const { reportWebContainerKey } = await import('@/lib/server/webcontainer-key');
  reportWebContainerKey();
  const { reportGitHosts } = await import('@/lib/server/git-proxy/hosts');
  reportGitHosts();
  const { reportUpstreamRegistry } = await import('@/lib/server/npm-upstream');
  // Not awaited: asking npm takes a moment, and the server can take requests meanwhile (they wait for it).
  void reportUpstreamRegistry();
}
