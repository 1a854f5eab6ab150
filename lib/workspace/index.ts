export * from './types';
export * from './paths';
export { createWorkspaceStore } from './store';
export { openDatabase, type TabsmithDB, type StoredFile, type StoredConversation } from './db';
export {
  createPersistence,
  createNullPersistence,
  loadWorkspace,
  loadFiles,
  installFlushOnHide,
  QUOTA_MESSAGE,
  type WorkspacePersistence,
  type LoadedWorkspace,
} from './persistence';
export {
  listWorkspaces,
  getWorkspace,
  createWorkspace,
  renameWorkspace,
  duplicateWorkspace,
  deleteWorkspace,
  validateWorkspaceName,
  type CreateWorkspaceInput,
} from './workspaces';
export { acquireWorkspaceLock, type WorkspaceLock } from './locks';
export { openWorkspace, mountFiles, OPEN_ELSEWHERE_MESSAGE, TAKEN_OVER_MESSAGE, type OpenMode, type OpenedWorkspace } from './open';
export { TEMPLATES, getTemplate, isTemplateId, type Template, type TemplateId } from './templates';
export { exportZip, importZip, zipFileName } from './zip';
export { importFiles, filesFromFileList, filesFromDataTransfer } from './import-files';
export type { ImportLimits, ImportedFile } from './import-rules';
