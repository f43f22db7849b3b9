/** The only screen shown without a valid admin token: how to open the UI properly. */
export function NoTokenPage({ rejected }: { rejected: boolean }) {
  return (
    <main className="center-screen">
      <div className="card signin">
        <div className="card-body stack">
          <img src="/favicon.svg" alt="" width="40" height="40" />
          <h1>{rejected ? 'This link has expired' : 'Open Switchyard from its address'}</h1>
          <p className="muted">
            {rejected
              ? 'The admin token in this tab is not valid for the running gateway (it may use another data folder).'
              : 'The dashboard needs the local admin token, so only you can use it.'}{' '}
            Open the address that <code>switchyard serve</code> (or <code>npm start</code>) printed when it
            started — it looks like this:
          </p>
          <pre className="code">http://127.0.0.1:4747/?token=adm_…</pre>
          <p className="muted">
            Lost it? The token is in the file <code>admin-token</code> in your data folder. The desktop app
            signs you in by itself.
          </p>
        </div>
      </div>
    </main>
  )
}
