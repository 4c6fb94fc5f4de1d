import { check } from '../../src/checks/define-check.ts';
import { expectBody, expectSuccess } from '../../src/checks/expect.ts';
import { createConversation } from '../../src/checks/fixtures.ts';

check('conversations.list.envelope', async (context) => {
  // One conversation of the suite's own, so that the page is not empty on an empty target.
  await createConversation(context);
  const response = await context.client.listConversations();
  expectSuccess(response, 'GET /v1/conversations');
  expectBody(response, 'conversation-list', 'the list');
});
