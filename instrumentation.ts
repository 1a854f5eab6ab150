// Runs once when the server starts: checks the model configuration (a bad TABSMITH_* override stops the start
// with a message naming the variable) and logs which model each agent mode and computer use run.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportModelSetup } = await import('@/lib/agent/model-setup');
  reportModelSetup();
}
