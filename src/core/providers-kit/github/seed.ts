import type { DemoSeed, SeedRequest } from '../kit/provider-kit.js'

/**
 * What `seed demo` puts in a simulated GitHub account: repositories with issues (some closed)
 * and comments, as API requests the simulation runs (see Simulation.seed).
 */
export function demoGithubRequests(login: string): SeedRequest[] {
  const repos = [
    {
      name: 'storefront',
      description: 'The shop front end: Next.js, Stripe checkout',
      issues: [
        {
          title: 'Checkout fails when the cart has 100+ items',
          labels: ['bug'],
          comments: ['Reproduced on staging.', 'Fix in review.'],
          closed: false,
        },
        { title: 'Add Apple Pay to checkout', labels: ['enhancement'], comments: [], closed: false },
        {
          title: 'Product images load slowly on mobile',
          labels: ['performance'],
          comments: ['Switching to AVIF.'],
          closed: true,
        },
      ],
    },
    {
      name: 'webhooks-worker',
      description: 'Consumes GitHub and Stripe webhooks',
      issues: [
        {
          title: 'Retry deliveries with exponential backoff',
          labels: ['enhancement'],
          comments: ['Use the Retry-After header when present.'],
          closed: false,
        },
        { title: 'Signature check fails after secret rotation', labels: ['bug'], comments: [], closed: true },
      ],
    },
    { name: 'infra', description: 'Terraform for the demo stack', private: true, issues: [] },
  ]
  const requests: Array<{ method: string; path: string; body?: unknown }> = []
  for (const repo of repos) {
    requests.push({
      method: 'POST',
      path: '/user/repos',
      body: { name: repo.name, description: repo.description, private: repo.private ?? false },
    })
    for (const [index, issue] of repo.issues.entries()) {
      const path = `/repos/${login}/${repo.name}/issues`
      requests.push({ method: 'POST', path, body: { title: issue.title, labels: issue.labels } })
      for (const body of issue.comments)
        requests.push({ method: 'POST', path: `${path}/${index + 1}/comments`, body: { body } })
      if (issue.closed)
        requests.push({ method: 'PATCH', path: `${path}/${index + 1}`, body: { state: 'closed' } })
    }
  }
  return requests
}

export const githubSeed: DemoSeed = {
  label: 'GitHub',
  made: 'repositories, issues, comments',
  scopes: ['repo', 'read:user', 'user:email'],
  webhookTypes: ['push', 'pull_request', 'issues', 'workflow_run', 'release'],
  fill: (run, tenant) => run(demoGithubRequests(tenant)).length,
}
