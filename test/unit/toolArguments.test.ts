/** The model's arguments checked against the tool's schema, with what is wrong said so the model can correct it. */
import { argumentsProblem } from '../../conversation/tools';
import type { HttpTool } from '../../models/agent';

const tool: HttpTool = {
  type: 'http',
  name: 'book_slot',
  description: 'Books a slot.',
  parameters: {
    type: 'object',
    properties: { date: { type: 'string' }, people: { type: 'integer' }, room: { type: 'string', enum: ['blue', 'green'] } },
    required: ['date', 'people'],
  },
  url: 'https://93.184.215.14/book',
  timeoutSeconds: 10,
  async: false,
};

test('arguments that fit the schema pass', () => {
  expect(argumentsProblem(tool, { date: '2026-12-01', people: 2, room: 'blue' })).toBeNull();
});

test.each([
  [{ date: '2026-12-01' }, "arguments must have required property 'people'"],
  [{ date: '2026-12-01', people: 2.5 }, 'arguments.people must be integer'],
  [{ date: '2026-12-01', people: 2, room: 'red' }, 'arguments.room must be equal to one of the allowed values'],
  ['{"date": 2026', 'the arguments must be a JSON object, got "{"date": 2026"'],
  [[1, 2], 'the arguments must be a JSON object, got [1,2]'],
])('%j is refused: %s', (args, problem) => {
  expect(argumentsProblem(tool, args)).toBe(
    `${problem}${problem.startsWith('the arguments') ? '' : '; call book_slot again with arguments that fit its parameters'}`,
  );
});
