/** Tool name → handler, one module per family. */
import type { ToolHandlers } from './context';
import { editFile } from './fs-edit';
import { deletePath, listFiles, movePath, readFile, writeFile } from './fs';
import { globFiles, searchFiles } from './fs-search';
import { installNpm } from './npm';
import { createPlan } from './plan';
import { previewCheckUnavailable, previewLogsUnavailable } from './preview-check';
import { runSh } from './shell';
import { runTests } from './test';

export const toolHandlers: ToolHandlers = {
  fs_writeFile: writeFile,
  fs_readFile: readFile,
  fs_listFiles: listFiles,
  fs_search: searchFiles,
  fs_glob: globFiles,
  fs_editFile: editFile,
  fs_deletePath: deletePath,
  fs_movePath: movePath,
  install_npm: installNpm,
  run_sh: runSh,
  test_run: runTests,
  plan_create: createPlan,
  /** Replaced by the executor when it is given a previewCheck hook. */
  preview_check: previewCheckUnavailable,
  /** Replaced by the executor when it is given a previewLogs hook. */
  preview_logs: previewLogsUnavailable,
};
