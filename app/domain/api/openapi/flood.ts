/** The flood-loss paths: depth, level and money at risk from published flood-depth maps, for a point or many assets. */
import { API_KEY_REQUESTS_PER_MINUTE, BATCH_ITEMS_PER_REQUEST } from "../keys/api-limits";
import { API_PATHS } from "../api-paths";
import * as flood from "../../api-contract/flood";
import { NO_DEPTH_LAYER } from "../../flood-loss/messages";
import { EAD_RULE } from "../../flood-loss/expected-damage";
import { z } from "../../api-contract/zod";
import type { ApiOperation, RegisterPaths } from "./operation";
import { RATE_LIMIT_HEADERS } from "./shared";

const rateLimited = z.object(RATE_LIMIT_HEADERS);
const BASIS = `Depths are read at the pixel that contains the point from the published flood-depth maps stored on this server (WRI Aqueduct Floods river and coastal inundation, or an operator's own layer), never averaged into a hexagon. Each depth becomes a damage ratio through the JRC global flood depth-damage function of the asset's continent and occupancy; the expected annual damage is integrated by the ${EAD_RULE}. Where no layer covers the place a flood kind answers available false with "${NO_DEPTH_LAYER}" and how to add one: no figure is derived from the screening index.`;

const pointOp: ApiOperation = {
  id: "floodLoss",
  method: "get",
  path: API_PATHS.floodLoss,
  tag: "Risk data",
  summary: "Flood depth per return period, level and money at risk at a point",
  description: BASIS,
  access: "required",
  query: flood.FloodLossQuery,
  response: {
    schema: flood.FloodLossResponse,
    description:
      "River and coastal flood at the point: depths, level, damage ratios, expected annual loss and the 1-in-100-year loss.",
  },
  responseHeaders: rateLimited,
  errors: [400, 401, 403, 429],
};

const batchOp: ApiOperation = {
  id: "floodLossBatch",
  method: "post",
  path: API_PATHS.floodLossBatch,
  tag: "Risk data",
  summary: "Flood money at risk of many assets, with portfolio totals",
  description: [
    BASIS,
    `Up to ${flood.FLOOD_BATCH_MAX_LOCATIONS.toLocaleString("en-GB")} assets, each with its own occupancy and value. The totals add the assets' expected annual losses (a portfolio expected annual loss) and sum their 1-in-100-year losses, which is not a portfolio 1-in-100-year loss: that would need the correlation between sites. With an API key the call counts one of the key's ${API_KEY_REQUESTS_PER_MINUTE} requests a minute for each started ${BATCH_ITEMS_PER_REQUEST.toLocaleString("en-GB")} assets.`,
  ].join("\n\n"),
  access: "required",
  body: { schema: flood.FloodBatchRequest, types: ["application/json"] },
  response: {
    schema: flood.FloodBatchResponse,
    description: "One item per asset, in the request's order, and the portfolio totals.",
  },
  responseHeaders: rateLimited,
  errors: [400, 401, 403, 413, 429],
};

export const registerFloodPaths: RegisterPaths = (add) => add(pointOp, batchOp);
