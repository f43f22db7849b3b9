import { EmptyState } from '../components/ui'
import { Link } from '../lib/router'

export function NotFoundPage() {
  return (
    <EmptyState
      icon="search"
      title="This page does not exist"
      action={
        <Link to="/ui/overview" className="button">
          Go to the overview
        </Link>
      }
    >
      <h1 className="sr-only" tabIndex={-1}>
        Page not found
      </h1>
      Use the navigation on the left to find keys, connections, events and providers.
    </EmptyState>
  )
}
