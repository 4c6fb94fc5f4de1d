import { check } from '../../src/checks/define-check.ts';
import { expectBody, expectFields, expectSuccess, expectThat } from '../../src/checks/expect.ts';
import { createConversation, updateConversation } from '../../src/checks/fixtures.ts';
import { hasAll, walkConversations } from '../../src/checks/list-walk.ts';

check('conversations.archive.sets-timestamp', async (context) => {
  const { conversation } = await createConversation(context);
  // A timestamp in the server's own unit (§2 leaves the unit open): its own created_at.
  const archivedAt = conversation.created_at;
  const response = await context.client.updateConversation(conversation.id, { archived_at: archivedAt });
  expectSuccess(response, 'PUT /v1/conversations/:id with archived_at');
  const archived = expectBody(response, 'conversation', 'the archived conversation');
  expectFields(response, archived, { archived_at: archivedAt }, '§3: archived_at holds the timestamp given');
  const retrieved = await context.client.retrieveConversation(conversation.id);
  expectSuccess(retrieved, 'GET /v1/conversations/:id after archiving');
  expectFields(retrieved, expectBody(retrieved, 'conversation'), { archived_at: archivedAt }, '§3: archived_at holds the timestamp given');
});

check('conversations.archive.listed-as-archived', async (context) => {
  const { conversation } = await createConversation(context);
  await updateConversation(context, conversation.id, { archived_at: conversation.created_at }, 'conversations.archive.sets-timestamp');
  const walk = await walkConversations(context, { archived: true }, { stopWhen: hasAll([conversation.id]) });
  const found = walk.items.some((item) => item.id === conversation.id);
  if (!found && !walk.complete) context.skip(`the archived conversation was not among the pages read: ${walk.stoppedBecause}`);
  expectThat(found, walk.pages.at(-1)!, `the archived conversation ${conversation.id} listed under archived=true (§3, §4.1)`, `not listed in ${walk.pages.length} page(s)`);
});

check('conversations.archive.active-not-listed', async (context) => {
  const { conversation } = await createConversation(context);
  const walk = await walkConversations(context, { archived: true }, { stopWhen: hasAll([conversation.id]) });
  const listed = walk.items.some((item) => item.id === conversation.id);
  expectThat(!listed, walk.pages.at(-1)!, `the active conversation ${conversation.id} not listed under archived=true (§4.1: only archived conversations)`, 'listed');
  if (!walk.complete) context.skip(`the whole archived=true list could not be read, so absence is unproven: ${walk.stoppedBecause}`);
});
