#pragma once

#include "core/env/environment.h"

#include <map>
#include <string>

/// An Environment with exactly these variables set, and the given home folder and user name.
kl::Environment fakeEnvironment(std::map<std::string, std::string> vars, std::string home = "/home/u",
                                std::string user = "u");
