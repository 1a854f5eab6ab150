// Runs once when the server starts: checks the model configuration (a bad TABSMITH_* override stops the start
// with a message naming the variable) and logs which model each agent mode and computer use run.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { describeModelSetup } = await import('@/lib/agent/model-setup');
  try {
    console.log(`[tabsmith] models: ${describeModelSetup()}`);
  } catch (error) {
    console.error(`[tabsmith] invalid model configuration: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}
