import { CopyButton } from './copy'

/** Preformatted code with a copy button in its corner. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="code-block">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling code block must be reachable to scroll it by keyboard. */}
      <pre className="code" tabIndex={0}>
        <code>{code}</code>
      </pre>
      <CopyButton value={code} label={label} what="Command" compact />
    </div>
  )
}
