export * from './types';
export * from './paths';
export { createWorkspaceStore } from './store';
export { exportZip, importZip } from './zip';
