/**
 * The segment classes a campaign stores in `segment_class` (docs/spec/mailcoach-audience-campaigns.md#55-post-apicampaigns-201-and-putpatch-apicampaignsuuid-200): every subscriber
 * of the list, or the subscribers a tag segment selects.
 */
export const EVERY_SUBSCRIBER_SEGMENT =
  'Spatie\\Mailcoach\\Domain\\Audience\\Support\\Segments\\EverySubscriberSegment';
export const TAG_SEGMENT = 'Spatie\\Mailcoach\\Domain\\Audience\\Support\\Segments\\SubscribersWithTagsSegment';
