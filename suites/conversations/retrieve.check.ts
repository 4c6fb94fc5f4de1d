import { check } from '../../src/checks/define-check.ts';
import { expectBody, expectClientError, expectNoServerError, expectStatusIn, expectSuccess, expectThat, fieldDifferences } from '../../src/checks/expect.ts';
import { createConversation } from '../../src/checks/fixtures.ts';

check('conversations.retrieve.same-object', async (context) => {
  const { conversation } = await createConversation(context);
  const response = await context.client.retrieveConversation(conversation.id);
  expectSuccess(response, 'GET /v1/conversations/:id of a conversation just created');
  const retrieved = expectBody(response, 'conversation');
  const differences = fieldDifferences(retrieved, conversation);
  expectThat(differences.length === 0, response, 'the object that create returned', differences.join('; '));
});

check('conversations.retrieve.unknown-id', async (context) => {
  const response = await context.client.retrieveConversation(context.names.unknownId('conversation'));
  expectNoServerError(response, 'GET /v1/conversations/:id of an id that does not exist');
  expectClientError(response, 'GET /v1/conversations/:id of an id that does not exist');
});

check('conversations.retrieve.unknown-id-404', async (context) => {
  const response = await context.client.retrieveConversation(context.names.unknownId('conversation'));
  expectStatusIn(response, [404], 'GET /v1/conversations/:id of an id that does not exist');
});
