import { z } from 'zod'
import { FaultSchema } from './faults.schema.js'

const SectionSchema = z
  .object({
    title: z.string().meta({ example: 'Repositories' }),
    columns: z.array(z.string()).meta({ example: ['Name', 'Visibility', 'Open issues'] }),
    rows: z
      .array(z.array(z.string()))
      .meta({ description: 'One cell per column, as text.', example: [['acme/storefront', 'public', '2']] }),
  })
  .meta({
    id: 'SimulatedAccountSection',
    description: "A titled table of the simulated account's objects (GitHub: repositories, recent issues).",
  })

const ExampleCallSchema = z
  .object({
    label: z.string().meta({ example: 'Open an issue' }),
    method: z.enum(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']),
    path: z.string().meta({
      description: 'Relative to the provider API, as sent to `/proxy/{connection_id}{path}`.',
      example: '/repos/acme/storefront/issues',
    }),
    body: z.unknown().optional().meta({ description: 'The JSON body to send, when the call has one.' }),
  })
  .meta({
    id: 'SimulationExampleCall',
    description: 'A ready-made call that works against this account (fresh or seeded), for the API panel.',
  })

export const SimulationViewSchema = z
  .object({
    provider: z.string().meta({ example: 'github' }),
    simulated: z.literal(true),
    sections: z.array(SectionSchema).meta({
      description:
        'What the account holds. Empty when the provider has no built-in simulation (its calls are answered by mock routes or recordings, which keep no account state).',
    }),
    example_calls: z.array(ExampleCallSchema).meta({
      description: 'Example calls for the API panel; empty when the provider has no built-in simulation.',
    }),
    faults: z.array(FaultSchema).meta({
      description: 'The faults injected since the last clear, oldest first (as `GET …/faults` lists them).',
    }),
  })
  .meta({
    id: 'SimulationView',
    description:
      "A simulated connection's account as the dashboard shows it: its data, example calls and faults.",
  })
export type SimulationView = z.infer<typeof SimulationViewSchema>
