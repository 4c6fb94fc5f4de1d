import { check } from '../../src/checks/define-check.ts';
import { expectStatusIn, expectThat } from '../../src/checks/expect.ts';
import { createConversation } from '../../src/checks/fixtures.ts';

// §7 leaves failure statuses open; 401 and 403 are the two a client can recognise as "not allowed".
const rejected = [401, 403] as const;

check('auth.missing-header.rejected', async (context) => {
  const { conversation } = await createConversation(context);
  const response = await context.client.as({ kind: 'none' }).listConversations();
  expectStatusIn(response, rejected, 'GET /v1/conversations without an Authorization header (§5)');
  expectThat(
    !(response.exchange.responseBody ?? '').includes(conversation.id),
    response,
    'no conversation data in the body of a rejected request',
    `a body that names the conversation ${conversation.id}`,
  );
});
