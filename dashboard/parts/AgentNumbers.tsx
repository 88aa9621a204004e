/** A phone agent's numbers, on its page: those whose calls it answers, with a link to claim more. */
import { href } from '../routes';
import type { Agent } from '../types';
import { NumberList } from './NumberList';

export function AgentNumbers(props: { agent: Agent }) {
  return (
    <section class="card" aria-labelledby="agent-numbers-title">
      <h2 id="agent-numbers-title">Phone numbers</h2>
      <NumberList agentId={props.agent.id} empty="No number answers for this agent." />
      <p>
        <a href={href('/phone-numbers')}>Claim a number</a> to have this agent answer it.
      </p>
    </section>
  );
}
