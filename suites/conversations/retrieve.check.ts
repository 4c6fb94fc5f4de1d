import { check } from '../../src/checks/define-check.ts';
import { expectBody, expectThat, expectSuccess } from '../../src/checks/expect.ts';
import { createConversation } from '../../src/checks/fixtures.ts';
import { isDeepStrictEqual } from 'node:util';

check('conversations.retrieve.same-object', async (context) => {
  const { conversation } = await createConversation(context);
  const response = await context.client.retrieveConversation(conversation.id);
  expectSuccess(response, 'GET /v1/conversations/:id of a conversation just created');
  const retrieved = expectBody(response, 'conversation');
  expectThat(
    isDeepStrictEqual(retrieved, conversation),
    response,
    `the object create returned: ${JSON.stringify(conversation)}`,
    JSON.stringify(retrieved),
  );
});
