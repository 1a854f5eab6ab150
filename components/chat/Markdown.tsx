'use client';

import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import styles from './chat.module.css';

/** Model text can contain anything: raw HTML is not rendered (react-markdown escapes it without rehype-raw). */
const components: Components = {
  pre: ({ children }) => <pre className={styles.codeBlock}>{children}</pre>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

/** Memoized: while a message streams, earlier parts keep their text and need no re-parse. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown components={components} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
});
