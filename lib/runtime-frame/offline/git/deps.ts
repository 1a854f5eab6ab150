/** What the offline runtime's `git` is given: the workspace's files, and how it reaches remotes. */
import type { VirtualFS } from 'almostnode';
import type { HttpClient } from 'isomorphic-git';

export interface GitDeps {
  vfs: VirtualFS;
  /**
   * HTTP for clone, fetch, pull and push, given by the page hosting the runtime (which has no network of its
   * own); without it those commands say the runtime has no network for git.
   */
  gitHttp?: HttpClient;
}
