import ErrorCode from "./ErrorCode";
import RequiresUpdate from "../models/RequiresUpdate";
import Versions from "../models/Versions";
export default class VersionMismatchError extends Error {
    requiresUpdate: RequiresUpdate;
    code: ErrorCode;
    nativeApp?: string;
    extension?: string;
    library?: string;
    constructor(message: string | undefined, versions: Versions, requiresUpdate: RequiresUpdate);
}
