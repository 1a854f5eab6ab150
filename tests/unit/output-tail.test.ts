import { describe, expect, it } from 'vitest';
import { cleanTerminalText, OutputTail } from '@/worker/output-tail';

describe('the agent output tail', () => {
  it('drops the pty control sequences jsh and npm print (charset, keypad, private CSI, OSC)', () => {
    const raw = '\x1b(B\x1b[m\x1b=\x1b[>4;1m\x1b[?25l\x1b]654;exit=1:0\x07\x1b[32mok\x1b[39m\x1b>\x1b[?25h\x1b]0;title\x07 done';
    expect(cleanTerminalText(raw)).toBe('ok done');
  });

  it('keeps what a spinner or progress line ended as, not every frame', () => {
    const raw =
      '⠋\r⠙\r⠹\r\x1b[1G⠸ reify:left-pad\r\x1b[K\radded 1 package in 2s\r\n' +
      '|\n/\n-\n\\\n' +
      'progress 10%\rprogress 50%\rprogress 100%\n' +
      'found 0 vulnerabilities\r\n';
    expect(cleanTerminalText(raw)).toBe('added 1 package in 2s\nprogress 100%\nfound 0 vulnerabilities\n');
  });

  it('keeps ordinary lines, blank lines and dashes inside text', () => {
    expect(cleanTerminalText('a - b\n\n--- c ---\nError: x\r\n')).toBe('a - b\n\n--- c ---\nError: x\n');
  });

  it('a long spinner does not push the result out of the 4 KB tail', () => {
    const tail = new OutputTail(4096);
    for (let i = 0; i < 3000; i++) tail.push(`\r${'⠋⠙⠹⠸'[i % 4]} idealTree: timing ${i}`);
    tail.push('\r\x1b[K\nnpm ERR! code E404\nnpm ERR! 404 Not Found - left-padd\n');
    const text = tail.toString();
    expect(text).toContain('npm ERR! 404 Not Found - left-padd');
    expect(text.length).toBeLessThan(200);
  });

  it('marks a cut with an ellipsis', () => {
    const tail = new OutputTail(10);
    tail.push('0123456789abcdefghij\n');
    expect(tail.toString()).toBe('…bcdefghij\n');
  });
});
