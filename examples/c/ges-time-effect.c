/* Puts a clip with videotimewarp function=triangle factor=2 in a GES timeline, makes the effect a
 * time effect and prints the clip's duration-limit:
 *     cc ges-time-effect.c timewarp-ges.c $(pkg-config --cflags --libs gst-editing-services-1.0)
 *     ./a.out file:///path/to/clip.mp4 */
#include "timewarp-ges.h"

int
main (int argc, char **argv)
{
  GESTimeline *timeline;
  GESLayer *layer;
  GESUriClipAsset *asset;
  GESClip *clip;
  GESEffect *effect;

  gst_init (&argc, &argv);
  ges_init ();
  if (argc < 2) {
    g_printerr ("usage: %s URI\n", argv[0]);
    return 2;
  }
  timeline = ges_timeline_new_audio_video ();
  layer = ges_timeline_append_layer (timeline);
  asset = ges_uri_clip_asset_request_sync (argv[1], NULL);
  if (!asset)
    return 1;
  clip = ges_layer_add_asset (layer, GES_ASSET (asset), 0, 0,
      ges_uri_clip_asset_get_duration (asset), GES_TRACK_TYPE_VIDEO);
  effect = ges_effect_new ("videotimewarp function=triangle factor=2");
  if (!timewarp_ges_make_time_effect (effect)
      || !ges_container_add (GES_CONTAINER (clip), GES_TIMELINE_ELEMENT (effect)))
    return 1;
  g_print ("source %.3f s, duration-limit %.3f s\n",
      ges_uri_clip_asset_get_duration (asset) / 1e9,
      ges_clip_get_duration_limit (clip) / 1e9);
  gst_object_unref (asset);
  gst_object_unref (timeline);
  return 0;
}
