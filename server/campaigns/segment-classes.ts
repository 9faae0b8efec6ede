/**
 * The segment classes a campaign stores in `segment_class` (mailcoach-audience-campaigns.md §5.5): every subscriber
 * of the list, or the subscribers a tag segment selects.
 */
export const EVERY_SUBSCRIBER_SEGMENT =
  'Spatie\\Mailcoach\\Domain\\Audience\\Support\\Segments\\EverySubscriberSegment';
export const TAG_SEGMENT = 'Spatie\\Mailcoach\\Domain\\Audience\\Support\\Segments\\SubscribersWithTagsSegment';
