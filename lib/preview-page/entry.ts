/**
 * The preview bridge: bundled into one IIFE (public/preview-bridge.js by scripts/vendor-assets.mjs) and loaded
 * into every preview page. It answers the IDE (lib/computer-use/preview-computer.ts) with screenshots and
 * performs actions as a person would, hands F6 to the IDE (region-keys.ts) and the preview's own pages opened
 * in new windows (popups.ts). The IDE origin is the script's own origin (it is served by the IDE), or
 * the `?ide=` query when given.
 */
import { BRIDGE_TAG } from '../computer-use/types';
import { installLogCapture, type LogCapture } from './console-capture';
import { BridgeError } from './dom';
import { startPicking } from './element-picker';
import { executeAction } from './execute';
import { createBridgeHandler, type Perform } from './handler';
import { watchNavigation } from './navigation';
import { forwardPopups } from './popups';
import { forwardRegionKeys } from './region-keys';
import { takeScreenshot } from './screenshot';

declare global {
  interface Window {
    __tabsmithBridge?: boolean;
  }
}

function ideOrigin(): string | null {
  const script = document.currentScript;
  const src = script instanceof HTMLScriptElement ? script.src : '';
  if (!src) return null;
  try {
    const url = new URL(src);
    const declared = url.searchParams.get('ide');
    return declared ? new URL(declared).origin : url.origin;
  } catch {
    return null;
  }
}

let logs: LogCapture | null = null;
let stopPicking: (() => void) | null = null;
let postToIde: (message: unknown) => void = () => undefined;

const perform: Perform = async (request) => {
  switch (request.op) {
    case 'logs':
      return { result: logs ? logs.read() : { entries: [], dropped: 0, url: location.href } };
    case 'ping':
      return { result: { url: location.href } };
    case 'size':
      return { result: { width: window.innerWidth, height: window.innerHeight } };
    case 'screenshot':
      return { result: await takeScreenshot(document, { marks: request.marks, allowJpeg: request.allowJpeg }) };
    case 'pick':
      stopPicking?.();
      stopPicking = startPicking(window, (message) => {
        stopPicking = null;
        postToIde(message);
      });
      return { result: { picking: true } };
    case 'pick-stop':
      stopPicking?.();
      stopPicking = null;
      return { result: { picking: false } };
    case 'execute': {
      if (!request.action) throw new BridgeError('BadRequest', 'execute needs an action');
      const { result, after } = await executeAction(window, request.action);
      return { result, after };
    }
  }
};

function install(): void {
  // A page that loads the script twice (or a top-level visit) must not answer twice / talk to itself.
  if (window.__tabsmithBridge || window.parent === window) return;
  const origin = ideOrigin();
  if (!origin) return;
  window.__tabsmithBridge = true;
  postToIde = (message) => window.parent.postMessage(message, origin);
  logs = installLogCapture(window);
  watchNavigation(window);
  window.addEventListener('message', createBridgeHandler({ parent: window.parent, ideOrigin: origin, perform }));
  forwardRegionKeys(window, (message) => window.parent.postMessage(message, origin));
  forwardPopups(window, (message) => window.parent.postMessage(message, origin));
  const announce = () => window.parent.postMessage({ tag: BRIDGE_TAG, kind: 'ready', url: location.href }, origin);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', announce, { once: true });
  else announce();
}

install();
