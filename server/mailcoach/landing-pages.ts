/**
 * The landing pages behind the links of captured mails, with the texts of v8's views
 * (resources/views/landingPages/*.blade.php) in plain markup of our own: no Mailcoach styles or scripts, every value
 * HTML-escaped (v8 writes a list's name and an unsubscribe-tag link's tag unescaped, `{!! !!}`).
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A page: `body` is markup (its values escaped by the caller). */
function landingPage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** A page of one message (text, escaped here) and optional markup after it. */
export function messagePage(title: string, message: string, extra = ''): string {
  return landingPage(title, `<p>${escapeHtml(message)}</p>\n${extra}`);
}

/** couldNotFindSubscription.blade.php */
export function couldNotFindSubscriptionPage(): string {
  return landingPage(
    'Could not find subscription',
    '<p>We could not find your subscription to this list.</p>\n<p>The link you used seems invalid.</p>',
  );
}

/** alreadyUnsubscribed.blade.php */
export function alreadyUnsubscribedPage(listName: string): string {
  return landingPage(
    'Already unsubscribed',
    `<p>You were already unsubscribed from the list <strong>${escapeHtml(listName)}</strong>.</p>`,
  );
}

/** unsubscribed.blade.php */
export function unsubscribedPage(listName: string): string {
  return landingPage(
    'Unsubscribed',
    `<p>Sorry to see you go.</p>\n<p>You have been unsubscribed from list <strong>${escapeHtml(listName)}</strong>.</p>`,
  );
}

/** unsubscribe-tag.blade.php: its form posts to the page's own URL. */
export function unsubscribeTagPage(listName: string, tag: string): string {
  return landingPage(
    'Unsubscribed',
    `<p>Are you sure you want to unsubscribe from list <strong>${escapeHtml(listName)}</strong>'s tag ${escapeHtml(tag)}?</p>\n` +
      '<form method="POST"><button id="confirmationButton" type="submit">Unsubscribe</button></form>',
  );
}

/** unsubscribed-tag.blade.php */
export function unsubscribedTagPage(listName: string, tag: string): string {
  return landingPage(
    'Unsubscribed',
    `<p>Sorry to see you go.</p>\n<p>You have been unsubscribed from list <strong>${escapeHtml(listName)}</strong>'s tag ${escapeHtml(tag)}.</p>`,
  );
}

export interface PreferencesView {
  subscriberUuid: string;
  firstName: string | null;
  lastName: string | null;
  /** The list's default tags visible in preferences, by name, and whether the subscriber has each. */
  tags: Array<{ name: string; checked: boolean }>;
  /** "Preferences updated successfully!" (the flag a POST left, read once). */
  updated: boolean;
}

/**
 * manage-preferences.blade.php: the personal information form (posting to `/manage-preferences/info/{uuid}`) and
 * the subscriptions form (posting to `/manage-preferences/subscriptions/{uuid}`, without the send's uuid, as v8's
 * `action()` call builds it): a `tags[<name>]` checkbox per tag and "Unsubscribe from all", or, without tags, only
 * an "Unsubscribe" button. Without tags v8's hidden `unsubscribe_from_all` gets its value from Alpine (`x-model`
 * writes "false", which PHP reads as true); with no script here, the input carries a value of its own.
 */
export function managePreferencesPage(view: PreferencesView): string {
  const uuid = encodeURIComponent(view.subscriberUuid);
  const alert = view.updated ? '<p role="status">Preferences updated successfully!</p>\n' : '';
  const info =
    `<form method="POST" action="/manage-preferences/info/${uuid}">\n` +
    `<p><label for="first_name">First name</label> <input type="text" id="first_name" name="first_name" value="${escapeHtml(view.firstName ?? '')}"></p>\n` +
    `<p><label for="last_name">Last name</label> <input type="text" id="last_name" name="last_name" value="${escapeHtml(view.lastName ?? '')}"></p>\n` +
    '<button type="submit">Save</button>\n</form>\n';
  const choices =
    view.tags.length === 0
      ? '<input type="hidden" name="unsubscribe_from_all" value="1">\n'
      : '<p><strong>Manage your subscriptions</strong></p>\n<fieldset><legend>Preferences</legend>\n' +
        view.tags
          .map(
            (tag, index) =>
              `<p><input type="checkbox" id="tag-${index}" name="tags[${escapeHtml(tag.name)}]"${tag.checked ? ' checked' : ''}> <label for="tag-${index}">${escapeHtml(tag.name)}</label></p>\n`,
          )
          .join('') +
        '</fieldset>\n<hr>\n<p><input type="checkbox" id="unsubscribe_from_all" name="unsubscribe_from_all"> <label for="unsubscribe_from_all">Unsubscribe from all</label></p>\n';
  const subscriptions =
    `<form method="POST" action="/manage-preferences/subscriptions/${uuid}">\n${choices}` +
    `<button type="submit">${view.tags.length === 0 ? 'Unsubscribe' : 'Save'}</button>\n</form>\n`;
  return landingPage(
    'Manage preferences',
    `${alert}<p><strong>Manage your personal information</strong></p>\n${info}${subscriptions}`,
  );
}
