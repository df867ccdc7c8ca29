import ErrorCode from "./ErrorCode";
export default class VersionInvalidError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
