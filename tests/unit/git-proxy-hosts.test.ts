/**
 * Which git hosts the proxy serves (TABSMITH_GIT_HOSTS on top of the built-in forges), and how a request's URL
 * is read: the smart HTTP endpoints only, and repository paths that cannot climb out of the repository.
 */
import { describe, expect, it } from 'vitest';
import { allowedGitHosts, GitHostsConfigError, originForHost } from '@/lib/server/git-proxy/hosts';
import { GitProxyError } from '@/lib/server/git-proxy/errors';
import { parseGitTarget, upstreamUrl } from '@/lib/server/git-proxy/target';

describe('the git host allowlist', () => {
  it('serves the four public forges over https when nothing is configured', () => {
    expect(Object.fromEntries(allowedGitHosts({}))).toEqual({
      'github.com': 'https://github.com',
      'gitlab.com': 'https://gitlab.com',
      'codeberg.org': 'https://codeberg.org',
      'bitbucket.org': 'https://bitbucket.org',
    });
  });

  it('adds hosts, host:port and origins from TABSMITH_GIT_HOSTS, lowercased, bare hosts as https', () => {
    const hosts = allowedGitHosts({ TABSMITH_GIT_HOSTS: ' Git.Example.com , git.example.org:8443,http://127.0.0.1:4990, https://forge.example.net:443/,, ' });
    expect(hosts.get('git.example.com')).toBe('https://git.example.com');
    expect(hosts.get('git.example.org:8443')).toBe('https://git.example.org:8443');
    expect(hosts.get('127.0.0.1:4990')).toBe('http://127.0.0.1:4990');
    expect(hosts.get('forge.example.net')).toBe('https://forge.example.net');
    expect(hosts.get('github.com')).toBe('https://github.com');
    expect(hosts.size).toBe(8);
  });

  it('refuses an invalid entry with a message naming it', () => {
    for (const bad of [
      'ftp://git.example.com',
      'https://git.example.com/path',
      'user@git.example.com',
      'git.example.com:99999',
      'git example.com',
      'https://',
      '-bad-.example',
    ]) {
      let thrown: unknown;
      try {
        allowedGitHosts({ TABSMITH_GIT_HOSTS: `codeberg.org, ${bad}` });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, bad).toBeInstanceOf(GitHostsConfigError);
      expect((thrown as Error).message, bad).toContain(JSON.stringify(bad));
      expect((thrown as Error).message, bad).toContain('TABSMITH_GIT_HOSTS');
    }
  });

  it('refuses an entry that would serve a built-in host over http', () => {
    expect(() => allowedGitHosts({ TABSMITH_GIT_HOSTS: 'http://github.com' })).toThrow(/"http:\/\/github\.com".*https:\/\/github\.com/);
  });

  it('matches a request host with the default port spelled out, but not another port', () => {
    const hosts = allowedGitHosts({ TABSMITH_GIT_HOSTS: 'http://127.0.0.1:4990' });
    expect(originForHost(hosts, 'GitHub.com:443')).toBe('https://github.com');
    expect(originForHost(hosts, 'github.com:80')).toBeNull();
    expect(originForHost(hosts, '127.0.0.1:4990')).toBe('http://127.0.0.1:4990');
    expect(originForHost(hosts, '127.0.0.1')).toBeNull();
    expect(originForHost(hosts, 'evil.example')).toBeNull();
  });
});

/** The GitProxyError parseGitTarget throws for this request, or fails the test. */
function refusal(method: string, path: string): GitProxyError {
  const [pathname = '', query = ''] = path.split('?');
  try {
    parseGitTarget(method, pathname, new URLSearchParams(query));
  } catch (error) {
    if (error instanceof GitProxyError) return error;
    throw error;
  }
  throw new Error(`expected ${method} ${path} to be refused`);
}

describe('reading a proxy request URL', () => {
  it('reads the three smart HTTP endpoints, keeping only the service query', () => {
    const refs = parseGitTarget('GET', '/api/git/GitHub.com/owner/repo.git/info/refs', new URLSearchParams('service=git-receive-pack&evil=1'));
    expect(refs).toEqual({ host: 'github.com', repoPath: '/owner/repo.git', endpoint: 'info/refs', service: 'git-receive-pack' });
    expect(upstreamUrl('https://github.com', refs)).toBe('https://github.com/owner/repo.git/info/refs?service=git-receive-pack');
    const pack = parseGitTarget('POST', '/api/git/127.0.0.1:4990/group/sub%20group/repo/git-upload-pack', new URLSearchParams('service=x'));
    expect(upstreamUrl('http://127.0.0.1:4990', pack)).toBe('http://127.0.0.1:4990/group/sub%20group/repo/git-upload-pack');
  });

  it('answers 404 for anything but a smart HTTP endpoint, saying which are served', () => {
    for (const path of [
      '/api/git/github.com/owner/repo.git',
      '/api/git/github.com/owner/repo.git/HEAD',
      '/api/git/github.com/owner/repo.git/objects/info/packs',
      '/api/git/github.com/owner/repo.git/info/refs/',
    ]) {
      const error = refusal('GET', path);
      expect(error.status, path).toBe(404);
      expect(error.message).toMatch(/smart HTTP/);
    }
  });

  // Raw paths, as a server that does not resolve dot segments itself would hand them over.
  it('refuses traversal and encoding tricks in the repository path with 400', () => {
    const paths = [
      '/api/git/github.com/owner/../repo/info/refs?service=git-upload-pack',
      '/api/git/github.com/owner/%2e%2e/repo/info/refs?service=git-upload-pack',
      '/api/git/github.com/owner/..%2frepo/info/refs?service=git-upload-pack',
      '/api/git/github.com/owner%2F..%2F..%2Fadmin/git-upload-pack',
      '/api/git/github.com/owner%5c..%5cadmin/git-upload-pack',
      '/api/git/github.com/owner\\..\\admin/git-upload-pack',
      '/api/git/github.com/owner/%252e%252e/git-upload-pack',
      '/api/git/github.com/owner/..;/admin/git-upload-pack',
      '/api/git/github.com//owner/repo/git-upload-pack',
      '/api/git/github.com/owner//repo/git-upload-pack',
      '/api/git/github.com/owner/%00/git-upload-pack',
      '/api/git/github.com/git-upload-pack',
    ];
    for (const path of paths) {
      const error = refusal(path.includes('/info/refs') ? 'GET' : 'POST', path);
      expect(error.status, path).toBe(400);
      expect(error.message, path).toMatch(/repository path/);
    }
  });

  it('refuses a malformed host segment, a missing or doubled service, and the wrong method', () => {
    expect(refusal('GET', '/api/git/github.com%2fevil/owner/repo/info/refs?service=git-upload-pack').status).toBe(400);
    expect(refusal('GET', '/api/git/user@github.com/owner/repo/info/refs?service=git-upload-pack').status).toBe(400);
    const dumb = refusal('GET', '/api/git/github.com/owner/repo/info/refs');
    expect(dumb.status).toBe(400);
    expect(dumb.message).toMatch(/service=git-upload-pack/);
    expect(refusal('GET', '/api/git/github.com/owner/repo/info/refs?service=git-upload-pack&service=git-receive-pack').status).toBe(400);
    expect(refusal('GET', '/api/git/github.com/owner/repo/info/refs?service=git-upload-archive').status).toBe(400);
    const wrongMethod = refusal('GET', '/api/git/github.com/owner/repo/git-upload-pack');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers).toEqual({ Allow: 'POST' });
    expect(refusal('POST', '/api/git/github.com/owner/repo/info/refs?service=git-upload-pack').status).toBe(405);
  });
});
