// Read-only checks work with what the target already holds: they send nothing but GETs.
import { check } from '../../src/conformance/checks/define-check.ts';
import { walkConversations, walkGroups } from '../../src/conformance/checks/list-walk.ts';

// A few pages: enough to see the shapes, little enough for a production target.
const pages = { maxPages: 3 };

check('readonly.lists.shapes', async (context) => {
  // Each page is validated against its envelope schema as it is read (list-walk.ts).
  await walkConversations(context, {}, pages);
  await walkGroups(context, {}, pages);
});
